import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, its standard streams in files. Foundation's
/// `Process.run()` on Linux now and then crashes while it reads /proc/self/fd (an over-read fixed
/// in swift-corelibs-foundation after Swift 6.3.1); these tests start a good many processes at
/// once, so they start them themselves. Files, not pipes: a child started by another test at the
/// same moment inherits open descriptors, and would hold a pipe open past its own end.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private let lock = NSLock()
    private var exitStatus: Int32?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `executable`; standard input from `input` (or nothing), output and errors into files.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: URL? = nil, output: URL,
        errors: URL
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input?.path ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable.path, &actions, nil, argv, envp)
        guard status == 0 else { throw Failure(description: "posix_spawn \(executable.lastPathComponent): \(status)") }
        pid = child
    }

    /// Whether it still runs (reaping it, and keeping its status, once it has ended).
    var isRunning: Bool {
        lock.withLock {
            guard exitStatus == nil else { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return true }
            exitStatus = Self.decode(status)
            return false
        }
    }

    /// Waits for it to end; its exit status (128 + the signal when a signal ended it).
    @discardableResult
    func wait() -> Int32 {
        lock.withLock {
            if let exitStatus { return exitStatus }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let decoded = Self.decode(status)
            exitStatus = decoded
            return decoded
        }
    }

    func signal(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
