import { fromPromise } from 'xstate';
import type { UserCreateForm } from '../../domain/account-forms';
import type { CustomerUser } from '../../domain/types';
import { provideReporting } from '../kernel/error-reporting';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { userEditorContextOf, userEditorSetup, validCreateForm } from './user-editor.machine';

/**
 * The New user page (`/settings/users/new/`): a form submission (src/machines/kernel/form-submission.ts)
 * whose success moves to the new user's page. It starts on its form: there is nothing to load.
 */
export const newUserMachine = userEditorSetup.createMachine({
  id: 'newUser',
  context: ({ input }) => userEditorContextOf(input),
  initial: 'filling',
  states: {
    filling: {
      description:
        'The New user page shows the form for a new user: username, e-mail, first and last name, phones, language, and how the user gets a password (an initial password or an e-mailed invitation), with Create user. A field left wrong (or a username or e-mail address another account has) shows its message under the field, a refusal above the form. Typing clears an error.',
      initial: 'editing',
      on: {
        'userEditor.changed': {
          target: '.editing',
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      states: {
        editing: {
          description: 'The form as typed; Create user checks it before it is sent.',
          on: {
            'userEditor.submitted': [
              { guard: 'createFormValid', target: '#newUser.submitting', actions: 'startCall' },
              { actions: 'showCreateErrors' },
            ],
          },
        },
        failed: {
          description:
            'The user could not be created: the form keeps everything typed and shows an error with Try again.',
          on: { 'userEditor.retried': { target: '#newUser.submitting', actions: 'startCall' } },
        },
      },
    },
    submitting: {
      description: 'Create user says "Creating…" with a spinner while the server creates the user.',
      tags: 'busy',
      invoke: {
        id: 'createUser',
        src: 'createUser',
        input: ({ context }) => validCreateForm(context.draft),
        onDone: {
          target: 'created',
          actions: [
            { type: 'keepUser', params: ({ event }) => ({ user: event.output, note: 'created' }) },
            { type: 'announceCreated', params: ({ event }) => ({ userId: event.output.id }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
            target: 'notOffered',
          },
          {
            guard: { type: 'isUsernameTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'filling',
            actions: 'markUsernameTaken',
          },
          {
            guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'filling',
            actions: 'markEmailTaken',
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'filling',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'filling.failed',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    created: {
      description: 'The user is created: the page moves to the new user\'s page, which says "User created."',
      type: 'final',
    },
    notOffered: {
      description:
        'The backend has no user management beyond the list (a capability it lacks): the page says it is not offered here, with Back to users; nothing more is asked of the backend.',
    },
  },
});

/** The New user page bound to the ports: the create call, and unexpected failures reported. */
export const bindNewUser = ({ api }: Ports) =>
  provideReporting(
    newUserMachine.provide({
      actors: {
        createUser: fromPromise<CustomerUser, UserCreateForm>(({ input, signal }) =>
          untilAborted(signal, api.createUser(input, { signal })),
        ),
      },
    }),
    api,
  );
