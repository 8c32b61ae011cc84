// The rules page's one control: print it (the print stylesheet makes it a handout). Shown only where
// this script runs, so that a page without it shows no button that does nothing.
const button = document.getElementById("print-rules");
if (button) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
