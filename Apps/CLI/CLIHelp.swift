/// The `--help` text of `cocoacasts`.
enum CLIHelp {
    static let text = """
        cocoacasts — the Cocoacasts API from the terminal.

        It will sign you in, list episodes, show protected videos and keep your video
        progress, talking to a server given with --base-url or, with none, to the
        mock API built into the binary.

        USAGE: cocoacasts <command> [options]

        COMMANDS (coming in the next releases):
          signin      Sign in (the password is read from stdin, never from argv)
          signout     Sign out and forget the stored tokens
          status      Show whether you are signed in, and to which server
          episodes    List the episodes
          episode     Show one episode
          video       Show an episode's video (needs sign-in)
          progress    Show, set or delete a video's progress

        OPTIONS:
          -h, --help  Show this help
        """
}
