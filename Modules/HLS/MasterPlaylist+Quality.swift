import Domain

extension MasterPlaylist {
    /// The variants a quality chooses among, lowest first (by height, then bandwidth): those
    /// with a picture, or all when none says its size.
    public var choices: [Variant] {
        // A variant without a picture size is audio alone when others have one: never a choice then.
        let pictures = variants.filter { $0.resolution != nil }
        return (pictures.isEmpty ? variants : pictures).sorted {
            ($0.resolution?.height ?? 0, $0.bandwidth) < ($1.resolution?.height ?? 0, $1.bandwidth)
        }
    }

    /// The variant `quality` chooses among ``choices``; `nil` when there is none.
    public func variant(for quality: VideoQuality) -> Variant? {
        switch quality {
        case .best: choices.last
        case .worst: choices.first
        case .height(let height): choices.last { ($0.resolution?.height ?? 0) <= height } ?? choices.first
        }
    }
}
