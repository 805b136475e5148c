import Ports

/// Where a plain file's bytes go as the transport receives them: checked against the length
/// the server announced and the bound of the video's length, written, digested behind and
/// counted, on the transport's own thread (see ``/Ports/HTTPBody/drain(into:)``), so that
/// no chunk is copied for a reader's task on the way to the disk.
final class FileSink: @unchecked Sendable {
    // Sendable: the sink is used by one thread at a time: the reader's task until it hands
    // the body over, the transport's thread while it drains, the reader's again once the
    // drain returned; each hand-over passes through the body's lock.
    private let name: String
    private let writer: FileWriter
    private let digest: DigestBehind
    private let total: Int?
    private let bound: Int
    private let watch: TransferWatch
    private let counter: ProgressCounter
    /// The bytes in the file so far, those of an earlier call included.
    private(set) var received: Int
    /// Why the sink refused a chunk, once it has.
    private var failure: DownloadError?

    /// Why the sink refused a chunk: for the caller of ``take(_:)`` once it said `false`.
    var refusal: DownloadError {
        failure ?? DownloadError(.io(path: writer.path, detail: "its writer stopped without saying why"))
    }

    init(
        name: String, writer: FileWriter, digest: DigestBehind, received: Int, total: Int?, bound: Int,
        watch: TransferWatch, counter: ProgressCounter
    ) {
        self.name = name
        self.writer = writer
        self.digest = digest
        self.received = received
        self.total = total
        self.bound = bound
        self.watch = watch
        self.counter = counter
    }

    /// Takes `bytes`; `false`, with ``failure`` set, when they pass a bound or cannot be written.
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do throws(DownloadError) {
            received += bytes.count
            watch.received(bytes.count)
            if let total, received > total {
                throw .failed(name, .length(expected: total, received: received))
            }
            if received > bound {
                writer.abandon()  // more than any video of this length: none of it is kept
                throw .failed(name, .tooLarge(limit: bound))
            }
            try writer.write(bytes)
            digest.written(upTo: received)
            counter.add(bytes.count)
            return true
        } catch {
            failure = error
            return false
        }
    }
}
