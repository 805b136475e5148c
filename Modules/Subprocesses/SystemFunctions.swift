#if canImport(Glibc)
    import Glibc

    /// glibc's functions that its headers declare only for `_GNU_SOURCE` (which Swift's view
    /// of them lacks), looked up at run time.
    enum SystemFunctions {
        /// `pipe2(2)`: a pipe created close-on-exec in one step.
        static let pipe2 = lookUp("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

        /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): closes in the child every
        /// descriptor from a number up, including any another library left without
        /// `O_CLOEXEC`. With an older glibc, only `O_CLOEXEC` keeps them from the child.
        static let addCloseFrom = lookUp(
            "posix_spawn_file_actions_addclosefrom_np",
            as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)

        private static func lookUp<F>(_ name: String, as type: F.Type) -> F? {
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }  // RTLD_DEFAULT
        }
    }
#endif
