export { authRoute, DEFAULT_LOGIN_LIMITS, type AuthRouteOptions, type AuthEnv, type LoginLimits } from './auth-route.ts';
export { passwordEditor, requestSession, renewedSessionCookie, sessionToken } from './password-editor.ts';
export { accessEditor, type AccessEditorOptions } from './access-editor.ts';
export { addEditor, listEditors, removeEditor, findEditorByEmail, normalizeEmail, type NewEditor } from './editors.ts';
export { createSession, resolveSession, endSession, SESSION_TTL_MS, type ResolvedSession, type SessionClock } from './sessions.ts';
export { hashPassword, verifyPassword, PBKDF2_ITERATIONS } from './password.ts';
export { sessionCookie, SESSION_COOKIE } from './cookies.ts';
export { ensureDevEditors, DEV_EDITORS, DEV_PASSWORD } from './dev-editors.ts';
