/// The gallery's filter box: narrows the cards to those whose name, screen, state or
/// kind contain every word typed, and counts them. The box starts hidden and the script
/// shows it, so that without JavaScript there is no dead box and every card is shown.
///
/// The script is inline and written without `<` or `&`, so that the page stays
/// well-formed XML without a CDATA section.
enum GalleryFilter {
    /// The box, with the count of `total` cards before anything is typed.
    static func box(total: Int) -> String {
        [
            "<div class=\"filter\" id=\"filter\" hidden=\"hidden\">",
            "<label for=\"filter-text\">Filter</label>",
            "<input type=\"search\" id=\"filter-text\" placeholder=\"name, screen or state, e.g. failed\" "
                + "autocomplete=\"off\" spellcheck=\"false\" />",
            "<output id=\"filter-count\" for=\"filter-text\" aria-live=\"polite\">\(total) of \(total) shown</output>",
            "</div>",
        ].joined(separator: "\n")
    }

    /// The script: filters on every keystroke and hides the sections left empty.
    static let script = """
        <script>
        (function () {
            var box = document.getElementById("filter");
            var input = document.getElementById("filter-text");
            var count = document.getElementById("filter-count");
            var cards = Array.prototype.slice.call(document.querySelectorAll("article.card"));
            var sections = Array.prototype.slice.call(document.querySelectorAll("main section"));
            function apply() {
                var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
                var shown = 0;
                cards.forEach(function (card) {
                    var text = card.getAttribute("data-search");
                    var match = words.every(function (word) { return text.indexOf(word) !== -1; });
                    card.hidden = !match;
                    shown += match ? 1 : 0;
                });
                sections.forEach(function (section) {
                    section.hidden = section.querySelector("article.card:not([hidden])") === null;
                });
                count.textContent = shown + " of " + cards.length + " shown";
            }
            input.addEventListener("input", apply);
            box.hidden = false;
            apply();
        })();
        </script>
        """
}
