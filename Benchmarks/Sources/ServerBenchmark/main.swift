// Measures the server as an operator sees it, against the release `thrive` binary:
//  1. cold start: from launching `thrive serve` on an existing database to its first answered request;
//  2. throughput: `GET /api/v1/mobile/version` under wrk (Debian's load generator), bounded in time.
// Usage: ServerBenchmark [path/to/thrive] (default ../.build/release/thrive)
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

let binary = CommandLine.arguments.dropFirst().first ?? "../.build/release/thrive"
let data = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-server-bench-\(UUID().uuidString)").path
defer { try? FileManager.default.removeItem(atPath: data) }

func run(_ path: String, _ arguments: [String], output: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("THRIVE_") }
    environment["THRIVE_DATA_DIR"] = data
    process.environment = environment
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// One blocking `GET path` over a fresh TCP connection; true when the answer is 200.
func answers(port: UInt16, path: String = "/healthz") -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return false }
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    _ = request.withCString { send(fd, $0, strlen($0), 0) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = recv(fd, &buffer, buffer.count, 0)
    return count > 12 && String(decoding: buffer[0..<12], as: UTF8.self) == "HTTP/1.1 200"
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
}

// An existing database with the demo person in it, as a returning operator would have.
let seed = try run(binary, ["demo"])
seed.waitUntilExit()
guard seed.terminationStatus == 0 else { fatalError("thrive demo failed") }

var startTimes: [Double] = []
for round in 0..<15 {
    let port = UInt16(21_000 + round)
    let began = DispatchTime.now()
    let server = try run(binary, ["serve", "--port", String(port)])
    while !answers(port: port) { usleep(500) }
    startTimes.append(Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e6)
    server.terminate()
    server.waitUntilExit()
}
print(
    String(
        format: "Cold start to first answered request (15 runs, existing database): median %.0f ms, p90 %.0f ms, max %.0f ms",
        percentile(startTimes, 0.5), percentile(startTimes, 0.9), startTimes.max()!))

let port: UInt16 = 21_100
let server = try run(binary, ["serve", "--port", String(port)])
while !answers(port: port) { usleep(1_000) }
let wrkOutput = Pipe()
let wrk = Process()
wrk.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
wrk.arguments = ["-t", "2", "-c", "64", "-d", "10s", "--latency", "http://127.0.0.1:\(port)/api/v1/mobile/version"]
wrk.standardOutput = wrkOutput
try wrk.run()
let report = String(decoding: wrkOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
wrk.waitUntilExit()
server.terminate()
server.waitUntilExit()
print("GET /api/v1/mobile/version under wrk (2 threads, 64 connections, 10 s, same 2-core machine):")
print(report)
let failures = report.contains("Non-2xx") || report.contains("Socket errors")
print(failures ? "ERRORS: some requests failed (see above)" : "0 errors")
