/// The six operations of ``APIService``, named as its methods: how a scripted service
/// says which one fails, and a spy which one was called.
public enum APIOperation: String, CaseIterable, Hashable, Sendable {
    case signIn, episodes, video, progressForVideo, updateProgressForVideo, deleteProgressForVideo
}
