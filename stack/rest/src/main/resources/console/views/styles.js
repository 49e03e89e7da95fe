// A view's own style sheet, linked once (a <link> to a file of the console: the CSP allows it).
export function stylesheet(name) {
  const href = `/console/${name}`;
  if (!document.head.querySelector(`link[href="${href}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.appendChild(link);
  }
}
