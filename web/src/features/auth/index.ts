/** Sign-in and the session every other feature asks who is signed in. */
export { resetSessionData, sessionQueryKey, toActor, toViewer, useSession } from './api/get-session';
export { useSignIn } from './api/sign-in';
export { useSignOut } from './api/sign-out';
export { LoginPage } from './routes';
