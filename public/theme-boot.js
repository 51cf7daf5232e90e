// Sabi's theme before the first paint. A classic script in <head> blocks rendering, so the
// page is never painted light for someone who chose dark (the app's module script runs only
// after a first paint). It reads what src/client/features/settings/theme.ts remembers
// ('sabi.theme'); once the user is known, SettingsSync applies the setting saved on the server.
try {
  if (localStorage.getItem('sabi.theme') === 'dark') document.documentElement.classList.add('dark')
} catch {
  // Storage can be refused (private browsing): the page starts light, as for a new visitor.
}
