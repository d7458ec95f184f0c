/** Said both to a stranger at the admin login form and to a collector who is refused. */
export const ADMIN_ONLY_TEXT = 'Questa area è riservata agli amministratori.';
