// A little script that the pages do not need, but that makes them tidier.
document.addEventListener("DOMContentLoaded", () => {
  // Seed 000's label is removed from its superview once faded; CSS alone can only hide it.
  for (const toast of document.querySelectorAll(".toast")) {
    toast.addEventListener("animationend", () => toast.remove());
  }
  // The address that asked for the label would show it again on reload; drop it once shown.
  const url = new URL(window.location.href);
  if (url.searchParams.has("downloaded")) {
    url.searchParams.delete("downloaded");
    window.history.replaceState(null, "", url.pathname + url.search);
  }
});
