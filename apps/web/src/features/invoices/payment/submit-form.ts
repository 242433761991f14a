/**
 * Posts a form to another site the way a page's own form would (PayPal Standard is a browser
 * form post, portal spec §4): built off-screen, submitted, and the page navigates away.
 */
export function submitForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
