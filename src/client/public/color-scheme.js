// Runs before the app's JavaScript so a dark-mode visitor never sees a white flash. It does what Mantine's
// ColorSchemeScript would do inline; it is a file because the Content-Security-Policy allows no inline scripts.
(function () {
  try {
    var stored = localStorage.getItem('mantine-color-scheme-value');
    var scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // storage blocked: Mantine decides once it starts
  }
})();
