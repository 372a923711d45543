// Preloaded into Prism (node -r): exit when the mock process that started it is gone, so a killed
// gateway never leaves a Prism behind.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 500).unref();
