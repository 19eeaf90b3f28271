/**
 * Opens a dialog chosen from a menu once the menu has given the focus back to its button (Mantine
 * does it 10 ms after closing). Opened at once, the dialog would lose the focus to that button;
 * opened after, it takes the focus and gives it back to the button when it closes.
 */
export function afterMenuCloses(open: () => void): void {
  window.setTimeout(open, 30);
}
