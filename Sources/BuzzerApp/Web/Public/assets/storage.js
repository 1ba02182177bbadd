// What a page keeps in the browser (localStorage) and reads from its address.
/** `/join/ABC123` and `/display/ABC123` → `ABC123`. */
export function codeFromPath() {
  const parts = location.pathname.split('/').filter(Boolean);
  return parts.length === 2 ? decodeURIComponent(parts[1]).toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12) : '';
}

export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* private mode: reconnects still work while the page lives */ }
}
export function load(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; }
}
