/// The options and commands `cocoacasts` accepts, from which the parser and `--help` are made.
enum Grammar {
    static let version = "1.0.0"

    static let globalOptions: [ArgumentParser.Option] = [
        .init(
            name: "--base-url", valueName: "URL",
            summary: "the API, e.g. http://127.0.0.1:8080/api/v1 [COCOACASTS_BASE_URL]"),
        .init(name: "--api-token", valueName: "T", summary: "the X-API-TOKEN to send [COCOACASTS_API_TOKEN]"),
        .init(name: "--store", valueName: "PATH", summary: "the token file [COCOACASTS_STORE]"),
        .init(name: "--timeout", valueName: "S", summary: "seconds a request may take, sent to last byte (default 30)"),
        .init(name: "--verbose", valueName: nil, summary: "log every request and response, secrets redacted"),
        .init(name: "--help", valueName: nil, summary: "show help (also after a command)"),
        .init(name: "--version", valueName: nil, summary: "show the version"),
    ]

    static let json = ArgumentParser.Option(name: "--json", valueName: nil, summary: "print JSON")

    static let commands: [ArgumentParser.Command] = [
        .init(
            name: "signin", arguments: [],
            options: [
                .init(name: "--email", valueName: "E", summary: "the e-mail address (asked for when omitted)"),
                .init(name: "--password-stdin", valueName: nil, summary: "read the password from standard input"),
            ], summary: "Sign in; the password is asked for with echo off, or read from stdin"),
        .init(name: "signout", arguments: [], options: [], summary: "Sign out: forget this server's tokens"),
        .init(
            name: "status", arguments: [], options: [json], summary: "Whether you are signed in, and to which server"),
        .init(name: "episodes", arguments: [], options: [json], summary: "List the episodes: id, title, duration"),
        .init(name: "episode", arguments: ["<id>"], options: [json], summary: "Show an episode and its excerpt"),
        .init(
            name: "video", arguments: ["<episode-id or video-id>"], options: [json],
            summary: "Show an episode's video: its URL and duration (needs sign-in)"),
        .init(
            name: "progress", arguments: ["<video-id>"],
            options: [
                .init(name: "--set", valueName: "SECONDS", summary: "save how far you watched"),
                .init(name: "--delete", valueName: nil, summary: "forget the progress"), json,
            ], summary: "Show, save or delete a video's progress (needs sign-in)"),
    ]

    static let parser = ArgumentParser(globalOptions: globalOptions, commands: commands)
}
