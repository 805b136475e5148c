/// The `--help` text of `cocoacasts-preview`.
enum PreviewHelp {
    static let text = """
        cocoacasts-preview — every screen of the Cocoacasts app in every state, without a server.

        The stand-in for SwiftUI previews on Linux: it will list the previews, render one
        or all of them as they look in the terminal, and write a static HTML gallery.

        USAGE: cocoacasts-preview [options]

        OPTIONS:
          -h, --help  Show this help
        """
}
