import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import ThriveCore

/// Sends one e-mail over SMTP (RFC 5321): greeting, EHLO, AUTH PLAIN when a password is set,
/// MAIL FROM, RCPT TO, DATA, QUIT, each reply checked. One connection per message: Thrive sends a
/// few a day (critical alerts, account mail), not bulk.
public struct SMTPClient: Sendable {
    public let configuration: SMTPConfiguration
    let now: Now
    let timeout: TimeAmount

    public enum Failure: Error, Equatable {
        /// The server answered `code` where another was expected, at this step.
        case refused(step: String, code: Int)
        case closed
    }

    public init(configuration: SMTPConfiguration, now: Now = .system, timeout: TimeAmount = .seconds(30)) {
        self.configuration = configuration
        self.now = now
        self.timeout = timeout
    }

    public func send(_ message: EmailMessage) async throws {
        guard SMTPConfiguration.isAddress(message.to) else { throw Failure.refused(step: "RCPT", code: 0) }
        let configuration = self.configuration
        let tls: NIOSSLContext? = configuration.implicitTLS ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(timeout)
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: configuration.host))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                    return try NIOAsyncChannel<SMTPReply, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let rendered = message.rendered(from: configuration.from, date: now(), id: UUID())
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound, outbound in
                    var replies = inbound.makeAsyncIterator()
                    func expect(_ codes: Set<Int>, _ step: String) async throws {
                        guard let reply = try await replies.next() else { throw Failure.closed }
                        guard codes.contains(reply.code) else { throw Failure.refused(step: step, code: reply.code) }
                    }
                    func say(_ line: String) async throws { try await outbound.write(ByteBuffer(string: line + "\r\n")) }
                    try await expect([220], "greeting")
                    try await say("EHLO \(configuration.from.split(separator: "@").last ?? "localhost")")
                    try await expect([250], "EHLO")
                    if let username = configuration.username, let password = configuration.password {
                        try await say("AUTH PLAIN \(Data("\0\(username)\0\(password)".utf8).base64EncodedString())")
                        try await expect([235], "AUTH")
                    }
                    try await say("MAIL FROM:<\(configuration.from)>")
                    try await expect([250], "MAIL")
                    try await say("RCPT TO:<\(message.to)>")
                    try await expect([250, 251], "RCPT")
                    try await say("DATA")
                    try await expect([354], "DATA")
                    try await outbound.write(ByteBuffer(string: rendered + "\r\n.\r\n"))
                    try await expect([250], "message")
                    try await say("QUIT")
                    _ = try? await replies.next()
                }
            }
            group.addTask {
                try await Task.sleep(for: .nanoseconds(timeout.nanoseconds))
                throw Failure.closed
            }
            try await group.next()
            group.cancelAll()
        }
    }
}

/// One SMTP reply: its code, once its last line ("250 OK", after any "250-…" lines) has arrived.
struct SMTPReply: Sendable {
    let code: Int
}

struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else { return .needMoreData }
        let length = newline - view.startIndex + 1
        guard let line = buffer.readString(length: length) else { return .needMoreData }
        let bytes = Array(line.utf8)
        // "250-…" continues, "250 …" (or a bare "250") ends the reply.
        guard bytes.count >= 3, let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)) else { return .continue }
        if bytes.count > 3, bytes[3] == UInt8(ascii: "-") { return .continue }
        context.fireChannelRead(wrapInboundOut(SMTPReply(code: code)))
        return .continue
    }
}
