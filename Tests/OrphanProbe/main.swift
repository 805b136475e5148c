import Foundation
import PortContracts
import Subprocesses

// A test process in miniature, for OrphanGuardTests: it starts `sleep` as a test starts its
// servers (the sleep holds its standard error, as they do), says the sleep's process ID, and
// ends by SIGKILL, as a crash ends a test process: no code of its own runs after.
let child = try SpawnedProcess("/bin/sleep", ["600"])  // standard error inherited
var line = Array("\(child.subprocess.pid)\n".utf8)
_ = write(STDOUT_FILENO, &line, line.count)
kill(getpid(), SIGKILL)
