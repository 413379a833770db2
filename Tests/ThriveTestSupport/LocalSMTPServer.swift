import Foundation

/// A real SMTP server on 127.0.0.1 for a test: Python's aiosmtpd (installed by `./scripts/test`),
/// delivering every message it accepts into a maildir the test reads.
public struct LocalSMTPServer: Sendable {
    public let port: Int
    public let maildir: URL

    public enum Problem: Error, CustomStringConvertible {
        case noPython(String)
        case didNotStart(String)

        public var description: String {
            switch self {
            case .noPython(let path): return "no Python with aiosmtpd at \(path): run ./scripts/test, which installs it"
            case .didNotStart(let log): return "aiosmtpd did not start: \(log)"
            }
        }
    }

    /// The messages delivered so far, as their raw text.
    public func messages() throws -> [String] {
        let folder = maildir.appendingPathComponent("new")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.sorted().map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    public static func run<T>(_ body: (LocalSMTPServer) async throws -> T) async throws -> T {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python =
            ProcessInfo.processInfo.environment["THRIVE_TEST_PYTHON"]
            ?? root.appendingPathComponent(".build/python/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Problem.noPython(python) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-smtp-\(UUID().uuidString)")
        let maildir = folder.appendingPathComponent("mail")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // aiosmtpd's SMTP protocol on a port the system picks (0), which the script then prints: no
        // other test can take the port between choosing and binding it.
        let script = """
            import asyncio, sys
            from aiosmtpd.smtp import SMTP
            from aiosmtpd.handlers import Mailbox
            async def main():
                loop = asyncio.get_running_loop()
                server = await loop.create_server(
                    lambda: SMTP(Mailbox(sys.argv[1]), hostname="localhost"), "127.0.0.1", 0)
                print(server.sockets[0].getsockname()[1], flush=True)
                await asyncio.Event().wait()
            asyncio.run(main())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, maildir.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer {
            // asyncio ends on SIGTERM only when idle; a test is done with it.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let line = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            DispatchQueue.global().async {
                let data = output.fileHandleForReading.availableData
                done.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw Problem.didNotStart(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        return try await body(LocalSMTPServer(port: port, maildir: maildir))
    }
}
