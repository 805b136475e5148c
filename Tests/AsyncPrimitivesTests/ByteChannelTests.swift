import AsyncPrimitives
import Foundation
import Synchronization
import Testing

@Suite("ByteChannel: bytes in order, a bound on what waits, the producer resumed at half")
struct ByteChannelTests {
    struct Failed: Error, Equatable {}

    /// Counts the times the channel asked its producer to go on.
    final class Resumes: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func record() { count.withLock { $0 += 1 } }
    }

    static func offer(_ channel: ByteChannel<Failed>, _ text: String) -> Bool {
        Data(text.utf8).withUnsafeBytes { channel.offer($0) }
    }

    @Test func chunksComeInTheOrderOfferedThenTheEnd() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        #expect(Self.offer(channel, "ab") && Self.offer(channel, "cd"))
        channel.finish()
        #expect(try await channel.next() == Data("ab".utf8))
        #expect(try await channel.next() == Data("cd".utf8))
        #expect(try await channel.next() == nil)
        #expect(try await channel.next() == nil)
    }

    @Test func aReaderThatWaitsGetsTheNextOffer() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        let reading = Task { try await channel.next() }
        let deadline = ContinuousClock.now + .seconds(60)  // far from the microseconds it takes
        while !channel.hasWaitingReader, ContinuousClock.now < deadline { await Task.yield() }
        try #require(channel.hasWaitingReader, "the reader never waited")  // the offer comes late
        #expect(Self.offer(channel, "late"))
        #expect(try await reading.value == Data("late".utf8))
    }

    @Test func aFullChannelRefusesAndResumesItsProducerAtHalf() async throws {
        let resumes = Resumes()
        let channel = ByteChannel<Failed>(capacity: 4) { resumes.record() }
        #expect(Self.offer(channel, "abcd"))  // taken, and now full
        #expect(!Self.offer(channel, "ef"))  // refused: the producer pauses and offers it again later
        #expect(try await channel.next() == Data("abcd".utf8))
        #expect(resumes.value == 1)
        #expect(Self.offer(channel, "ef"))
        channel.finish()
        #expect(try await channel.next() == Data("ef".utf8))
        #expect(try await channel.next() == nil)
    }

    /// URLSession hands a chunk over once: `append` keeps it even past the bound, and says pause.
    @Test func appendKeepsEveryChunkAndSaysWhenToPause() async throws {
        let resumes = Resumes()
        let channel = ByteChannel<Failed>(capacity: 4) { resumes.record() }
        #expect(channel.append(Data("abc".utf8)))
        #expect(!channel.append(Data("defgh".utf8)))
        #expect(channel.append(Data("i".utf8)), "already paused: one resume answers one pause")
        #expect(try await channel.next() == Data("abc".utf8))
        #expect(resumes.value == 0, "9 bytes waited: 6 still do, over half of 4")
        #expect(try await channel.next() == Data("defgh".utf8))
        #expect(resumes.value == 1)
        #expect(try await channel.next() == Data("i".utf8))
    }

    @Test func aFailureComesAfterWhatWasBuffered() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        #expect(Self.offer(channel, "kept"))
        channel.finish(throwing: Failed())
        channel.finish()  // only the first end counts
        #expect(Self.offer(channel, "dropped"), "after the end a chunk is taken and dropped")
        #expect(try await channel.next() == Data("kept".utf8))
        await #expect(throws: Failed()) { try await channel.next() }
    }

    /// A reader that takes as fast as the producer offers but never empties the channel (a disk
    /// a little slower than loopback): what it took is let go, so memory does not grow with
    /// the body. (Every chunk taken was once kept until the channel emptied.)
    @Test func chunksTakenAreLetGoThoughTheChannelNeverEmpties() async throws {
        let channel = ByteChannel<Never>(capacity: 1_000) {}
        let chunk = [UInt8](repeating: 7, count: 100)
        for _ in 0..<5 { #expect(chunk.withUnsafeBytes { channel.offer($0) }) }
        var most = 0
        for _ in 0..<10_000 {
            #expect(chunk.withUnsafeBytes { channel.offer($0) })
            #expect(await channel.next()?.count == 100)
            most = max(most, channel.heldBytes)
        }
        #expect(most <= 1_000, "held \(most) bytes for 600 buffered")
    }

    /// What a sink was handed, in order, and the events around it.
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        var value: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        func add(_ bytes: UnsafeRawBufferPointer) { add(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Waits, bounded far from the microseconds it takes, until the drain has its sink in place.
    static func untilDraining(_ channel: ByteChannel<Failed>) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !channel.isDraining, ContinuousClock.now < deadline { await Task.yield() }
        try #require(channel.isDraining, "the drain never put its sink in place")
    }

    @Test func aDrainHandsOverWhatWaitsThenEveryOfferInOrder() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        #expect(Self.offer(channel, "ab"))
        let log = Log()
        let draining = Task {
            try await channel.drain { bytes in
                log.add(bytes)
                return true
            }
        }
        try await Self.untilDraining(channel)
        #expect(Self.offer(channel, "cd") && channel.append(Data("ef".utf8)))
        #expect(log.value == ["ab", "cd", "ef"], "an offer reaches the sink before it returns")
        channel.finish()
        #expect(try await draining.value)
        #expect(channel.heldBytes == 0)
    }

    @Test func aSinkThatRefusesEndsTheChannel() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        let log = Log()
        let draining = Task {
            try await channel.drain { bytes in
                log.add(bytes)
                return log.value.count < 2
            }
        }
        try await Self.untilDraining(channel)
        #expect(Self.offer(channel, "taken") && Self.offer(channel, "refused"))
        #expect(try await draining.value == false)
        #expect(Self.offer(channel, "dropped"))
        #expect(log.value == ["taken", "refused"], "nothing reaches the sink after it refused")
    }

    /// A reader cancelled while the producer is inside the sink (Ctrl-C during a write): the
    /// drain returns only once the sink has, so the file it writes is never closed under it.
    @Test func anEndWhileTheSinkWritesIsAnsweredOnceItReturns() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        let log = Log()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let draining = Task {
            defer { log.add("drain returned") }
            return try await channel.drain { bytes in
                inside.signal()
                release.wait()
                log.add("sink returns")
                return true
            }
        }
        try await Self.untilDraining(channel)
        let producer = Thread { _ = Self.offer(channel, "slow") }
        producer.start()
        inside.wait()
        channel.discard(throwing: Failed())
        log.add("discarded")
        // Time for a drain answered too early to show itself (it never is: the sink holds it).
        try await Task.sleep(for: .milliseconds(100))
        #expect(!log.value.contains("drain returned"), "the drain returned while the sink still wrote")
        release.signal()
        await #expect(throws: Failed()) { try await draining.value }
        #expect(log.value == ["discarded", "sink returns", "drain returned"])
    }

    @Test func aDiscardDropsWhatWaitsEvenAfterTheEnd() async throws {
        let channel = ByteChannel<Failed>(capacity: 100) {}
        #expect(Self.offer(channel, "never read"))
        channel.finish()
        channel.discard(throwing: Failed())
        #expect(channel.heldBytes == 0)
        await #expect(throws: Failed()) { try await channel.next() }
    }
}
