#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response's body as it arrives, in the buffer it will leave in.
///
/// A body whose length the headers declare (up to the request's limit) is read into one
/// buffer reserved for all of it at once. Past 32 MiB — where glibc's `malloc` stops reusing
/// its heap and maps fresh pages for every buffer anyway — that buffer is a mapping of its
/// own, address space only until the bytes arrive, offered huge pages where the kernel has
/// them (`MADV_HUGEPAGE`): fresh 4 KiB pages cost a 50 MiB body 12,800 page faults as it
/// fills, more time than the bytes take to arrive over loopback; 2 MiB pages, 25. The mapping
/// leaves as the response's `Data` without a copy. A smaller body, or one of unknown length,
/// grows as `Data` does, in memory `malloc` may reuse from the request before.
struct ResponseBody: ~Copyable {
    /// From this size on, a declared length is read into a mapping of its own: glibc's
    /// largest threshold for mapping an allocation (`DEFAULT_MMAP_THRESHOLD_MAX`).
    static let mappedFrom = 32 << 20
    private static let hugePage = 2 << 20

    private var data = Data()
    /// The mapping and how much of it is filled, when there is one.
    private var mapping: (base: UnsafeMutableRawPointer, size: Int, start: Int, capacity: Int, count: Int)?

    deinit {
        if let mapping { munmap(mapping.base, mapping.size) }
    }

    var count: Int { mapping?.count ?? data.count }

    /// Makes room for `length` bytes, the length the headers declare. A length the system
    /// cannot map (no address space, or a limit on it) reserves nothing: the body then grows
    /// as it arrives, up to the request's limit, rather than failing before a byte came.
    mutating func reserve(_ length: Int) {
        guard length >= Self.mappedFrom, mapping == nil, data.isEmpty else { return data.reserveCapacity(length) }
        // Room for a huge page's alignment besides the body: the kernel backs aligned 2 MiB
        // stretches of it with huge pages.
        guard length <= Int.max - Self.hugePage else { return }
        let size = length + Self.hugePage
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else { return }
        let start = (Self.hugePage - Int(bitPattern: base) % Self.hugePage) % Self.hugePage
        #if canImport(Glibc)
            _ = madvise(base + start, size - start, MADV_HUGEPAGE)
        #endif
        mapping = (base, size, start, length, 0)
    }

    mutating func append(_ bytes: UnsafeRawPointer, count: Int) {
        guard var filled = mapping else { return data.append(bytes.assumingMemoryBound(to: UInt8.self), count: count) }
        guard filled.count + count <= filled.capacity else {
            // More than declared (which HTTP's framing should never let through): into `Data`.
            data = Data(bytes: filled.base + filled.start, count: filled.count)
            munmap(filled.base, filled.size)
            mapping = nil
            return data.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
        }
        (filled.base + filled.start + filled.count).copyMemory(from: bytes, byteCount: count)
        filled.count += count
        mapping = filled
    }

    /// The body, as `Data` that owns its buffer from now on; this is left empty.
    mutating func take() -> Data {
        guard let filled = mapping else {
            defer { data = Data() }
            return data
        }
        mapping = nil
        let (base, size) = (filled.base, filled.size)
        return Data(
            bytesNoCopy: base + filled.start, count: filled.count,
            deallocator: .custom { _, _ in munmap(base, size) })
    }
}
