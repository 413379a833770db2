import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `thrive serve` on 127.0.0.1, which a test can stop, kill outright and start again on the
/// same data folder and port.
final class ServerProcess: @unchecked Sendable {
    let port: Int
    let dataDirectory: URL
    private let lock = NSLock()
    private var process: ChildProcess?

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(dataDirectory: URL, port: Int = Int.random(in: 20_000...40_000)) {
        self.dataDirectory = dataDirectory
        self.port = port
    }

    /// Where the server's standard output goes (beside its data folder).
    private var outputFile: URL { dataDirectory.deletingLastPathComponent().appendingPathComponent("\(port)-server.out") }

    /// What the server printed on standard output so far.
    var printed: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// Starts the server (with the demo person, if asked) and waits until it answers.
    func start(demo: Bool = false, environment: [String: String] = [:]) async throws {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("THRIVE_") }
        env["THRIVE_BCRYPT_COST"] = "10"
        env.merge(environment) { $1 }
        try FileManager.default.createDirectory(
            at: dataDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = try ChildProcess(
            Thrive.executable,
            ["serve", "--port", String(port), "--data-dir", dataDirectory.path] + (demo ? ["--demo"] : []),
            environment: env, output: outputFile, errors: URL(fileURLWithPath: "/dev/null"))
        lock.withLock { self.process = process }
        for _ in 0..<600 {
            if try await health() != nil { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServerProcessError(message: "thrive serve did not answer on port \(port)")
    }

    /// What `/healthz` answers, or nil when nothing answers.
    func health() async throws -> String? {
        guard let (data, _) = try? await URLSession.shared.data(from: url.appendingPathComponent("healthz")) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// SIGKILL: no shutdown, no flushing, whatever was in flight is cut off.
    func kill() {
        guard let process = lock.withLock({ self.process }), process.isRunning else { return }
        process.signal(SIGKILL)
        process.wait()
    }

    /// SIGTERM, as Ctrl-C would; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        guard let process = lock.withLock({ self.process }) else { return 0 }
        process.signal(SIGTERM)
        return process.wait()
    }

    func cleanUp() {
        _ = stop()
        try? FileManager.default.removeItem(at: dataDirectory)
        try? FileManager.default.removeItem(at: outputFile)
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
