const KEY = 'turnout:signed-out';

/** Marks a deliberate sign-out, so the guard does not greet it with 'Session expired'. */
export function markSignedOut() {
  sessionStorage.setItem(KEY, '1');
}

export function consumeSignedOutFlag(): boolean {
  const had = sessionStorage.getItem(KEY) === '1';
  sessionStorage.removeItem(KEY);
  return had;
}
