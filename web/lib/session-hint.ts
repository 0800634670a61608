// Remembers on this device whether someone was signed in, so the right screen's code starts loading at once
// (in parallel with the session check) instead of after it. Only a hint: the server decides.
const KEY = 'signedIn';

export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) {
      localStorage.setItem(KEY, '1');
    } else {
      localStorage.removeItem(KEY);
    }
  } catch {
    // private mode: no head start, nothing else changes
  }
}
