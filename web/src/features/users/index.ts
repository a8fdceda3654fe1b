// The users feature is shared by the account page and administration.
export { userKeys, usersQuery, userQuery, useCreateUser, useDeleteUser } from './api';
export { UserForm, type UserFormSubmit } from './components/UserForm';
export { EditUserForm } from './components/EditUserForm';
