#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeping the cache within its bound, and what counts as abandoned.
extension FileResponseCache {
    /// Removes the least recently used entries until the rest fit ``sizeLimit``, never
    /// `kept`, and temporary files abandoned long ago. Entries another process removes
    /// meanwhile are skipped.
    func evict(in folder: borrowing CacheDirectory, keeping kept: String) {
        let listing: (entries: [CacheDirectory.Listing], temporaries: [CacheDirectory.Listing])
        do throws(FileFailure) {
            listing = try folder.listing()
        } catch {
            return report(.directory, folder.path, "could not be listed to evict old entries: \(error)")
        }
        var doomed = listing.temporaries.filter(isAbandoned)
        var total = listing.entries.reduce(0) { $0 + $1.size }
        for entry in listing.entries.sorted(by: { $0.lastUsed < $1.lastUsed }) where total > sizeLimit {
            guard entry.name != kept else { continue }
            doomed.append(entry)
            total -= entry.size
        }
        for file in doomed {
            do throws(FileFailure) {
                try folder.remove(file.name)
            } catch {
                report(.entry, folder.path(of: file.name), "could not be evicted: \(error)")
            }
        }
    }

    nonisolated func isAbandoned(_ file: CacheDirectory.Listing) -> Bool {
        Date().timeIntervalSince(file.lastUsed) > Self.abandonedAfter
    }
}
