import Domain

extension MasterPlaylist {
    /// The variant `quality` chooses among those with a picture (all, when none says its size);
    /// `nil` when there is none.
    public func variant(for quality: VideoQuality) -> Variant? {
        // A variant without a picture size is audio alone when others have one: never a choice then.
        let pictures = variants.filter { $0.resolution != nil }
        let ordered = (pictures.isEmpty ? variants : pictures).sorted {
            ($0.resolution?.height ?? 0, $0.bandwidth) < ($1.resolution?.height ?? 0, $1.bandwidth)
        }
        switch quality {
        case .best: return ordered.last
        case .worst: return ordered.first
        case .height(let height):
            return ordered.last { ($0.resolution?.height ?? 0) <= height } ?? ordered.first
        }
    }
}
