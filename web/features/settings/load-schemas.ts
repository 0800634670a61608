// The contract's validators for the settings forms, loaded when a form first needs them: zod stays off the screen's
// first load (it may already be here from another screen).
export const loadSchemas = () => import('../../../contract/notifications');
export const loadPhoneSchemas = () => import('../../../contract/phone');
