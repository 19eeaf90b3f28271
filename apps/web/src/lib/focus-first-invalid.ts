/**
 * After a refused submit, puts the focus on the first field marked invalid inside `container`,
 * once React has rendered the errors, so keyboard and screen-reader users land on what to fix.
 */
export function focusFirstInvalid(container: HTMLElement | null): void {
  window.requestAnimationFrame(() => {
    container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
