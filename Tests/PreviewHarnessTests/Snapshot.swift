import Foundation
import Testing

/// The reviewed renderings under `Snapshots/`, one file per preview, compared with what
/// the previews draw now.
///
/// With `RECORD_SNAPSHOTS=1` in the environment a snapshot that is missing or differs
/// is written instead, and the test records an issue naming it, so that the change is
/// reviewed (`git diff`) before it is committed and the next run passes.
enum Snapshot {
    /// The directory of the snapshot files, beside this source file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots", isDirectory: true)

    /// Whether snapshots are (re)written rather than compared.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    }

    /// The file of preview `name`: `signIn/failed-network` → `Snapshots/signIn-failed-network.txt`.
    static func file(named name: String) -> URL {
        directory.appendingPathComponent(String(name.map { $0 == "/" ? "-" : $0 }) + ".txt")
    }

    /// Compares `text` with the snapshot of preview `name` (a file ends with a newline),
    /// recording an issue with a line-by-line diff when they differ, or (re)records it.
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = file(named: name)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        let actual = text + "\n"
        guard expected != actual else { return }
        let label = "Snapshots/\(url.lastPathComponent)"
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            let what = expected == nil ? "Recorded the new snapshot" : "Re-recorded the snapshot"
            Issue.record(
                "\(what) \(label) (RECORD_SNAPSHOTS=1). Review it, then run the tests without RECORD_SNAPSHOTS.",
                sourceLocation: sourceLocation)
        } else if let expected {
            let reviewed = expected.hasSuffix("\n") ? String(expected.dropLast()) : expected
            let diff = SnapshotDiff.lines(expected: reviewed, actual: text).joined(separator: "\n")
            Issue.record(
                """
                \(name) no longer matches \(label) (- snapshot, + now; line numbers in each):
                \(diff)
                If the change is intended, re-record with RECORD_SNAPSHOTS=1 and review the file.
                """, sourceLocation: sourceLocation)
        } else {
            Issue.record(
                """
                There is no snapshot \(label) for \(name). Record it with \
                RECORD_SNAPSHOTS=1 swift test --filter PreviewHarnessTests, then review it. It draws:
                \(text)
                """, sourceLocation: sourceLocation)
        }
    }
}
