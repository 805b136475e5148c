import Foundation
import PortContracts
import TestSupport
import Testing

/// The completion scripts of `cocoacasts completion bash|zsh|fish`, each loaded into its
/// real shell and asked to complete the same command lines: one table for the three.
@Suite("Completion offers the same candidates in bash, zsh and fish")
struct CompletionTests {
    private static let globalOptions: Set = [
        "--base-url", "--api-token", "--api-token-stdin", "--store", "--token-store", "--transport", "--cacert",
        "--timeout",
        "--color", "--verbose", "--help", "--version",
    ]
    private static let commands: Set = [
        "signin", "login", "signout", "logout", "status", "episodes", "episode", "video", "progress", "config",
        "completion", "cache", "manual", "help", "version", "watch", "play", "download", "downloads", "continue",
        "resume", "history", "sync",
    ]

    /// A command line, the cursor at its end, and exactly what Tab should offer there.
    static let cases: [(line: String, candidates: Set<String>)] = [
        ("cocoacasts ep", ["episodes", "episode"]),
        ("cocoacasts --store x.json lo", ["login", "logout"]),
        ("cocoacasts --color ", ["auto", "always", "never"]),
        ("cocoacasts --color never ", commands),
        ("cocoacasts --color never ep", ["episodes", "episode"]),
        ("cocoacasts episodes --j", ["--json"]),
        ("cocoacasts episodes --", globalOptions.union(["--json", "--limit", "--offline", "--no-cache"])),
        ("cocoacasts progress --", globalOptions.union(["--set", "--delete", "--done", "--json"])),
        ("cocoacasts login --e", ["--email"]),
        ("cocoacasts config ", ["get", "set", "unset", "list"]),
        (
            "cocoacasts config set ",
            ["base-url", "api-token", "timeout", "transport", "cacert", "token-store", "player"]
        ),
        ("cocoacasts config set t", ["timeout", "transport", "token-store"]),
        ("cocoacasts --token-store ", ["auto", "keyring", "file"]),
        ("cocoacasts --color never config --verbose ", ["get", "set", "unset", "list"]),
        ("cocoacasts completion ", ["bash", "zsh", "fish"]),
        ("cocoacasts cache ", ["clear"]),
        ("cocoacasts help epi", ["episodes", "episode"]),
        // Options after an argument, an argument's value by its key, and options given once.
        ("cocoacasts progress 556 --", globalOptions.union(["--set", "--delete", "--done", "--json"])),
        ("cocoacasts episode 553 --", globalOptions.union(["--json", "--offline", "--no-cache"])),
        ("cocoacasts video 556 --j", ["--json"]),
        ("cocoacasts watch 556 --", globalOptions.union(["--from-start", "--stream", "--autoplay", "--player"])),
        ("cocoacasts continue --", globalOptions.union(["--json", "--limit"])),
        (
            "cocoacasts download 556 --",
            globalOptions.union(["--quality", "--jobs", "--output", "--list-qualities", "--json"])
        ),
        ("cocoacasts download 556 --quality ", ["best", "worst", "1080", "720", "540", "360"]),
        ("cocoacasts downloads --r", ["--remove", "--remove-all"]),
        (
            "cocoacasts sync --",
            globalOptions.union(["--episodes", "--max-size", "--quality", "--remove-finished", "--dry-run", "--json"])
        ),
        ("cocoacasts sync --quality ", ["best", "worst", "1080", "720", "540", "360"]),
        ("cocoacasts config set token-store ", ["auto", "keyring", "file"]),
        ("cocoacasts config set transport ", ["curl"]),
        ("cocoacasts episodes --json --", globalOptions.union(["--limit", "--offline", "--no-cache"])),
        ("cocoacasts episodes sign in --l", ["--limit"]),
        (
            "cocoacasts --verbose episodes --",
            globalOptions.subtracting(["--verbose"]).union(["--json", "--limit", "--offline", "--no-cache"])
        ),
    ]

    @Test(arguments: ["bash", "zsh", "zsh sourced before compinit", "zsh autoloaded from fpath", "fish"])
    func everyShellCompletesEveryCase(shell: String) async throws {
        let loading = shell.hasSuffix("before compinit") ? "first" : shell.hasSuffix("fpath") ? "fpath" : "after"
        let shell = String(shell.prefix { $0 != " " })
        guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.fileExists) else {
            try skip(because: "\(shell) is not installed (CI installs it)")
            return
        }
        try await TemporaryDirectory.with { directory in
            let script = directory.file("cocoacasts.\(shell)")
            try await CLIProcess(in: directory).run(["completion", shell]).stdout
                .write(to: script, atomically: true, encoding: .utf8)
            for (line, expected) in Self.cases {
                let offered = try await Self.complete(
                    line, shell: URL(fileURLWithPath: path), script: script, loading: loading, in: directory)
                #expect(offered == expected, "\(shell): \(line)")
            }
        }
    }

    /// What `shell`, with `script` loaded, offers for `line`.
    private static func complete(
        _ line: String, shell: URL, script: URL, loading: String, in directory: TemporaryDirectory
    ) async throws -> Set<String> {
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": directory.url.path, "XDG_CONFIG_HOME": directory.file("config").path,
            "XDG_DATA_HOME": directory.file("data").path, "TERM": "xterm", "LANG": "C.UTF-8",
        ]
        let arguments: [String] =
            switch shell.lastPathComponent {
            case "bash": ["--norc", "--noprofile", "-c", bashDriver, "bash", script.path, line]
            case "zsh": ["-f", "-c", zshDriver, "zsh", script.path, line, loading]
            default: ["-c", "source $argv[1]; complete -C $argv[2]", script.path, line]
            }
        let run = try await ChildProcess.run(shell, arguments, environment: environment, timeout: .seconds(20))
        #expect(run.status == 0, "\(shell.lastPathComponent) \(line): \(run.stderr)")
        // fish prints `candidate<TAB>description`.
        return Set(run.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
    }

    /// Sources the script (`$1`) and calls its function as bash's programmable completion
    /// would, for the line `$2`.
    private static let bashDriver = #"""
        source "$1"
        COMP_LINE=$2
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _cocoacasts
        printf '%s\n' "${COMPREPLY[@]}"
        """#

    /// Starts an interactive zsh on a pseudo-terminal (zsh/zpty), runs `compinit` and sources
    /// the script (`$1`) — the script first when `$3` is `first`, as a .zshrc may, what it
    /// says on stderr printed as a match; or the script autoloaded from `$fpath` when `$3` is
    /// `fpath` — types the line (`$2`) and Tab at the next prompt, and
    /// prints every match the completion functions add (a `compadd` wrapper sees them); the
    /// markers are split in the commands typed so that their echo never matches.
    private static let zshDriver = #"""
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        if [[ $3 == first ]]; then
            zpty -w z "PS1='' RPS1=''; source ${(q)1} 2>${(q)1}.err; autoload -Uz compinit; compinit -u -D"
        elif [[ $3 == fpath ]]; then
            mkdir -p $1.d && cp $1 $1.d/_cocoacasts
            zpty -w z "PS1='' RPS1=''; fpath=(${(q)1}.d \$fpath); autoload -Uz compinit; compinit -u -D"
        else
            zpty -w z "PS1='' RPS1=''; autoload -Uz compinit; compinit -u -D; source ${(q)1}"
        fi
        zpty -w z 'bindkey "^I" complete-word; zstyle ":completion:*" insert-tab false; comppostfuncs=(__end)'
        zpty -w z '__end() { print -r -- "<<e""nd>>"; exit }'
        zpty -w z 'compadd() {
            if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
            local -a hits; builtin compadd -A hits "$@"
            local hit; for hit in $hits; do print; print -r -- "<<h""it>>$hit"; done
            builtin compadd "$@"
        }'
        zpty -w z 'print -r -- "<<rea""dy>>"'
        zpty -r z out '*<<ready>>*' || exit 4
        zpty -w -n z "$2"$'\t'
        zpty -r z out '*<<end>>*' || exit 5
        zpty -d z
        for line in ${(f)out//$'\r'/}; do [[ $line == '<<hit>>'* ]] && print -r -- ${line#'<<hit>>'}; done
        [[ -s $1.err ]] && cat $1.err
        exit 0
        """#
}
