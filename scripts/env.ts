// Imported first by every pipeline entry point: switch off the tools' telemetry and update checks.
process.env.SCARF_ANALYTICS = 'false';
process.env.REDOCLY_TELEMETRY = 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE = 'true';
