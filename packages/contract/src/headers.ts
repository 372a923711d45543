/** The header that names the account of account-scoped operations (contract §4, rule 2). */
export const ACCOUNT_HEADER = 'x-account-id';
