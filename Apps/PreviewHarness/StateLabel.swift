import Presentation

/// What the gallery's pill says about the state a view-model was drawn in: its name in
/// words and its kind, each from an exhaustive `switch` over the view-model's `State`,
/// so that a new case does not compile until it is named here.
struct StateLabel: Equatable, Sendable {
    /// How the state went, which sets the pill's colour.
    enum Kind: String, CaseIterable, Sendable {
        /// Loaded, or done: green.
        case success
        /// Waiting for an answer: amber.
        case progress
        /// Nothing asked for yet, or nothing to show: grey.
        case idle
        /// A saved answer shown because the server could not be reached: yellow.
        case stale
        /// Failed: red.
        case failure

        /// The kind in words, which the gallery's filter matches too.
        var words: String {
            switch self {
            case .success: "success"
            case .progress: "in progress"
            case .idle: "idle"
            case .stale: "stale offline"
            case .failure: "failure"
            }
        }
    }

    /// The state's name for people: `Signing in`, `Token store unreadable`.
    let title: String
    let kind: Kind

    /// An episode's details, the one state of a screen without a `State`.
    static let episodeLoaded = StateLabel(title: "Loaded", kind: .success)

    init(title: String, kind: Kind) {
        self.title = title
        self.kind = kind
    }

    init(_ state: EpisodesViewModel.State) {
        switch state {
        case .idle: self.init(title: "Idle", kind: .idle)
        case .loading: self.init(title: "Loading", kind: .progress)
        case .loaded: self.init(title: "Loaded", kind: .success)
        case .empty: self.init(title: "Empty", kind: .idle)
        case .offline: self.init(title: "Offline, saved list", kind: .stale)
        case .failed: self.init(title: "Failed", kind: .failure)
        }
    }

    init(_ state: SignInViewModel.State) {
        switch state {
        case .editing: self.init(title: "Editing", kind: .idle)
        case .ready: self.init(title: "Ready", kind: .idle)
        case .signingIn: self.init(title: "Signing in", kind: .progress)
        case .failed: self.init(title: "Failed", kind: .failure)
        case .signedIn: self.init(title: "Signed in", kind: .success)
        }
    }

    init<Value>(_ state: LoadState<Value>) {
        switch state {
        case .idle: self.init(title: "Idle", kind: .idle)
        case .loading: self.init(title: "Loading", kind: .progress)
        case .loaded: self.init(title: "Loaded", kind: .success)
        case .failed: self.init(title: "Failed", kind: .failure)
        }
    }

    init(_ state: ProfileViewModel.State) {
        switch state {
        case .checking: self.init(title: "Checking", kind: .progress)
        case .signedIn: self.init(title: "Signed in", kind: .success)
        case .signedOut: self.init(title: "Signed out", kind: .idle)
        case .storeUnreadable: self.init(title: "Token store unreadable", kind: .failure)
        case .signOutFailed: self.init(title: "Sign-out failed", kind: .failure)
        }
    }

    init(_ state: PlaybackViewModel.State) {
        switch state {
        case .idle: self.init(title: "Idle", kind: .idle)
        case .loading: self.init(title: "Loading", kind: .progress)
        case .playing(let playhead): self.init(title: "Playing", playhead)
        case .saving: self.init(title: "Saving", kind: .progress)
        case .finished(.atTheEnd, let playhead): self.init(title: "Finished", playhead)
        case .finished(.stopped, let playhead): self.init(title: "Stopped", playhead)
        case .failed: self.init(title: "Failed", kind: .failure)
        }
    }

    init(_ state: DownloadViewModel.State) {
        switch state {
        case .waiting: self.init(title: "Waiting", kind: .idle)
        case .downloading: self.init(title: "Downloading", kind: .progress)
        case .interrupted: self.init(title: "Stopped, resumable", kind: .stale)
        case .failed: self.init(title: "Failed, resumable", kind: .failure)
        case .complete: self.init(title: "Complete", kind: .success)
        }
    }

    init(_ state: ContinueWatchingViewModel.State) {
        switch state {
        case .idle: self.init(title: "Idle", kind: .idle)
        case .loading: self.init(title: "Loading", kind: .progress)
        case .loaded(let items): self.init(title: items.isEmpty ? "Nothing started" : "Loaded", kind: .success)
        case .offline: self.init(title: "Offline, remembered", kind: .stale)
        case .failed: self.init(title: "Failed", kind: .failure)
        }
    }

    init(_ state: UpNextViewModel.State) {
        switch state {
        case .idle: self.init(title: "Idle", kind: .idle)
        case .stopped: self.init(title: "Stopped short", kind: .idle)
        case .caughtUp: self.init(title: "Caught up", kind: .success)
        case .unlisted: self.init(title: "Not in the catalogue", kind: .idle)
        case .offering: self.init(title: "Asking", kind: .progress)
        case .next: self.init(title: "Playing next", kind: .success)
        case .replay: self.init(title: "Playing again", kind: .success)
        case .previous: self.init(title: "Playing the previous", kind: .success)
        case .declined: self.init(title: "Declined", kind: .idle)
        case .lapsed: self.init(title: "Lapsed", kind: .idle)
        }
    }

    init(_ state: SyncViewModel.State) {
        switch state {
        case .idle: self.init(title: "Idle", kind: .idle)
        case .planning: self.init(title: "Planning", kind: .progress)
        case .planned: self.init(title: "Planned", kind: .idle)
        case .syncing: self.init(title: "Syncing", kind: .progress)
        case .done(let report) where !report.failed.isEmpty: self.init(title: "Done, with failures", kind: .stale)
        case .done: self.init(title: "Done", kind: .success)
        case .failed: self.init(title: "Failed, nothing changed", kind: .failure)
        }
    }

    /// `title`, and what became of the position: a position the server does not have yet
    /// is stale, as a saved list shown offline is.
    private init(title: String, _ playhead: PlaybackViewModel.Playhead) {
        switch playhead.sync {
        case .saved: self.init(title: title, kind: .success)
        case .untracked: self.init(title: "\(title), position unknown", kind: .success)
        case .pending: self.init(title: "\(title), position kept to send", kind: .stale)
        case .lost: self.init(title: "\(title), position lost", kind: .stale)
        case .stale: self.init(title: "\(title), an old position kept", kind: .stale)
        }
    }
}
