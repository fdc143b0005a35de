// What the staff console's forms offer: the import kinds and modes and the key scopes, as the API names them.
export { importKinds, importModes, integrationScopes } from '../../services/api/wire/staff';
