import Digest
import Domain
import HLS
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HLS download: the plan (variant, audio, their segments); what an earlier download left
/// kept only where it is still the server's (the same variant, the same playlist, resources
/// whose validators did not change) and still whole on disk; the other parts fetched `jobs` at
/// a time, every one tried whatever another does — but none started once the host could not
/// be reached; then every part checked on disk before the local playlists and the manifest
/// that says complete.
extension CopyDownload {
    /// Copies the stream `playlist` begins at `quality`, its variants' playlists read by `parser`.
    func stream(_ playlist: Playlist, quality: VideoQuality, parser: PlaylistParser) async throws(DownloadError)
        -> DownloadedCopy
    {
        let plan = try await StreamPlan.make(playlist, quality: quality, requests: requests, parser: parser)
        var notes: [String] = []
        let parts = plan.renderings.flatMap(\.parts)
        let kept = await revalidated(try keptParts(of: plan, notes: &notes), parts: parts, notes: &notes)
        try folder.prepare(subfolders: plan.renderings.map(\.folder))
        var record = DownloadManifest(
            episode: request.episode, duration: request.duration, source: request.url.absoluteString, kind: .hls,
            quality: plan.label, chosen: quality.description, plan: plan.description,
            playlists: Dictionary(uniqueKeysWithValues: plan.renderings.map { ($0.folder, $0.digest) }),
            partCount: parts.count, parts: parts.compactMap { kept[$0.name] }, expectedBytes: plan.expectedBytes,
            offeredHeights: plan.offeredHeights, metadata: request.metadata)
        let gaps = plan.renderings.map(\.gaps)
        record.gaps = gaps.reduce(0) { $0 + $1.count }
        if let seconds = gaps.map(\.seconds).max(), seconds > 0 {
            notes.append(
                "the stream itself leaves \(VideoDuration.format(seconds: Int(seconds.rounded(.up)))) out (EXT-X-GAP): "
                    + "nothing is fetched there, and a player skips it as it would online")
        }
        try folder.writeManifest(record)
        let keptBytes = kept.values.reduce(0) { $0 + $1.bytes }
        if let expected = plan.expectedBytes { try folder.checkRoom(for: expected - keptBytes) }
        let counter = ProgressCounter(
            bytes: keptBytes, partsDone: kept.count, parts: parts.count, expectedBytes: plan.expectedBytes,
            report: progress)
        let fetcher = PartFetcher(
            requests: requests, folder: folder, keys: KeyCache(requests: requests.once), written: { counter.add($0) })
        let (fetched, failures) = try await fetch(
            parts.filter { kept[$0.name] == nil }, with: fetcher, counter: counter)
        record.parts = parts.compactMap { kept[$0.name] ?? fetched[$0.name] }
        record.failed = failures.map { PartProblem(part: $0.part, words: $0.words) }
        guard failures.isEmpty else {
            try folder.writeManifest(record)
            throw DownloadError(.parts(failures))
        }
        // Complete means every part is there: each one listed is checked on disk, as another
        // process may have removed some meanwhile.
        let gone = Set(CopyCheck(folder: folder, manifest: record).problems(verifying: false).map(\.part))
        guard gone.isEmpty else {
            record.parts.removeAll { gone.contains($0.name) }
            try folder.writeManifest(record)
            throw DownloadError(
                .io(path: folder.root, detail: "\(gone.count) of its parts went away while it was downloaded"))
        }
        for rendering in plan.renderings {
            try folder.write(Data(rendering.localPlaylist.utf8), as: "\(rendering.folder)/index.m3u8")
        }
        try folder.write(Data(plan.localMaster.utf8), as: "index.m3u8")
        record.complete = true
        try folder.writeManifest(record)
        return DownloadedCopy(
            playable: URL(fileURLWithPath: folder.path("index.m3u8")), bytes: record.parts.reduce(0) { $0 + $1.bytes },
            quality: plan.label, offeredHeights: plan.offeredHeights, notes: notes)
    }

    /// The earlier download's parts that are still this plan's and whole on disk, by name; the
    /// files of every other are removed, and a rendition whose playlist changed is said.
    private func keptParts(of plan: StreamPlan, notes: inout [String]) throws(DownloadError)
        -> [String: DownloadManifest.PartRecord]
    {
        guard let earlier, earlier.kind == .hls, DownloadManifest.isSameSource(earlier.source, request.url) else {
            // Another stream's parts, or the file an earlier download of the video copied.
            try removeRenditions(["video", "audio"])
            for part in earlier?.parts ?? [] where DownloadManifest.isSafe(part.name) { folder.remove(part.name) }
            return [:]
        }
        var kept: [String: DownloadManifest.PartRecord] = [:]
        var damaged = 0
        // A rendition the plan no longer has (the audio, now in the video) goes.
        try removeRenditions(["video", "audio"].filter { name in !plan.renderings.contains { $0.folder == name } })
        for rendering in plan.renderings {
            let sameVariant = earlier.plan.split(separator: ";").contains { $0 == rendering.entry }
            guard sameVariant, earlier.playlists?[rendering.folder] == rendering.digest else {
                if earlier.parts.contains(where: { $0.name.hasPrefix(rendering.folder + "/") }) {
                    notes.append(
                        sameVariant
                            ? "the server's \(rendering.folder) playlist changed since the last download: its parts "
                                + "are fetched again"
                            : "the copy's \(rendering.folder) was of another variant: it is fetched anew")
                }
                try removeRenditions([rendering.folder])
                continue
            }
            let names = Set(rendering.parts.map(\.name))
            for part in earlier.parts where names.contains(part.name) {
                if part.damaged != true, folder.size(of: part.name) == part.bytes {
                    kept[part.name] = part
                } else {
                    damaged += 1
                    folder.remove(part.name)
                }
            }
        }
        if damaged > 0 { notes.append("\(damaged) damaged \(damaged == 1 ? "part was" : "parts were") fetched again") }
        return kept
    }

    private func removeRenditions(_ names: [String]) throws(DownloadError) {
        for name in names { try folder.removeTree(name) }
    }

    /// `kept` without the parts whose resource the server changed since they were fetched: one
    /// `HEAD` a resource, compared with the validator it had.
    private func revalidated(_ kept: [String: DownloadManifest.PartRecord], parts: [Part], notes: inout [String]) async
        -> [String: DownloadManifest.PartRecord]
    {
        let urls = Dictionary(parts.map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first })
        var recorded: [URL: ResourceValidator] = [:]
        for (name, part) in kept {
            if let url = urls[name], let validator = part.validator { recorded[url] = validator }
        }
        guard !recorded.isEmpty else { return kept }
        let changed = await self.changed(recorded)
        guard !changed.isEmpty else { return kept }
        let stale = kept.keys.filter { urls[$0].map(changed.contains) ?? false }
        for name in stale { folder.remove(name) }
        notes.append(
            "\(stale.count) \(stale.count == 1 ? "part" : "parts") changed on the server since the last download: fetched again"
        )
        return kept.filter { !stale.contains($0.key) }
    }

    /// Fetches `parts`, `jobs` at a time; a part that fails does not stop the others. Returns
    /// what became whole and what failed; a failure of the disk, or a stop, ends it at once.
    private func fetch(_ parts: [Part], with fetcher: PartFetcher, counter: ProgressCounter) async throws(DownloadError)
        -> ([String: DownloadManifest.PartRecord], [PartFailure])
    {
        let outcome = await withTaskGroup(of: Result<DownloadManifest.PartRecord, DownloadError>.self) { group in
            var pending = parts.makeIterator()
            func start(_ part: Part) {
                group.addTask {
                    do throws(DownloadError) { return .success(try await fetcher.fetch(part)) } catch {
                        return .failure(error)
                    }
                }
            }
            for _ in 0..<request.jobs { if let part = pending.next() { start(part) } }
            var fetched: [String: DownloadManifest.PartRecord] = [:]
            var failures: [PartFailure] = []
            // A host that cannot be reached fails every part: once one says so, no more start.
            var reachable = true
            while let result = await group.next() {
                switch result {
                case .success(let record):
                    fetched[record.name] = record
                    counter.partDone()
                case .failure(let error):
                    guard case .parts(let failed) = error.cause else {
                        group.cancelAll()
                        return Result<([String: DownloadManifest.PartRecord], [PartFailure]), DownloadError>.failure(
                            error)
                    }
                    failures += failed
                    if failed.contains(where: \.isUnreachable) { reachable = false }
                }
                if reachable, let part = pending.next() { start(part) }
            }
            return .success((fetched, failures.sorted { $0.part < $1.part }))
        }
        return try outcome.get()
    }

    /// The resources whose validators changed: a `HEAD` each, `jobs` at a time; one whose server
    /// does not answer it, or answers nothing to compare, counts as unchanged.
    private func changed(_ recorded: [URL: ResourceValidator]) async -> Set<URL> {
        await withTaskGroup(of: URL?.self) { group in
            var pending = recorded.makeIterator()
            func start(_ url: URL, _ validator: ResourceValidator) {
                group.addTask {
                    do throws(MediaRequests.Failure) {
                        let (_, response) = try await requests.open(url, method: "HEAD")
                        response.body.cancel()
                        guard (200..<300).contains(response.status),
                            let now = ResourceValidator(response.status, response.headers)
                        else { return nil }
                        return now.differs(from: validator) ? url : nil
                    } catch {
                        return nil
                    }
                }
            }
            for _ in 0..<max(1, request.jobs) { if let (url, validator) = pending.next() { start(url, validator) } }
            var changed: Set<URL> = []
            while let answer = await group.next() {
                if let answer { changed.insert(answer) }
                if let (url, validator) = pending.next() { start(url, validator) }
            }
            return changed
        }
    }
}
