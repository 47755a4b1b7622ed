import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import ServiceLifecycle

/// A client that hands requests straight to an application's responder (its router): no server, no
/// socket, no HTTP parsing.
///
/// The route tests use it to drive the Gallery as a browser would, one request at a time. Each request
/// gets a fresh request context, as a new connection would; a body is sent whole with its
/// `Content-Length`. The response is what the router returns, with its body collected; the headers the
/// server itself adds on the wire (`Date`, `Server`) are not there, since no server runs.
///
/// Start one with ``ApplicationProtocol/withRouterClient(_:)``, which also runs the
/// application's services around the test, as the server would.
struct RouterClient: Sendable {
    /// What the router answered to one request.
    struct Response: Sendable {
        /// The status and the headers.
        let head: HTTPResponse
        /// The body, collected whole.
        let body: ByteBuffer
        /// The trailing headers the body writer finished with, if any.
        let trailerHeaders: HTTPFields?

        /// The response's status.
        var status: HTTPResponse.Status { head.status }
        /// The response's headers.
        var headers: HTTPFields { head.headerFields }
    }

    /// Answers one request, as the application's responder does.
    private let respond: @Sendable (Request) async throws -> Hummingbird.Response

    fileprivate init<Responder: HTTPResponder>(responder: Responder, logger: Logger)
    where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        respond = { request in
            let context = Responder.Context(source: .init(channel: NIOAsyncTestingChannel(), logger: logger))
            return try await responder.respond(to: request, context: context)
        }
    }

    /// Sends a request to the router and collects its response.
    ///
    /// An error that escapes the responder becomes a bare 500, as the server turns it into one.
    ///
    /// - Parameters:
    ///   - uri: the path and query, as in the request line (`/checklists/0?x=1`).
    ///   - method: the request's method.
    ///   - headers: the request's headers; `Content-Length` is set from `body` when there is one.
    ///   - body: the request's body, or `nil` for none.
    func execute(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> Response {
        var headers = headers
        if let body {
            headers[.contentLength] = String(body.readableBytes)
        }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let response: Hummingbird.Response
        do {
            response = try await respond(request)
        } catch {
            response = Hummingbird.Response(status: .internalServerError)
        }
        let collector = ResponseBodyCollector()
        try await response.body.write(collector)
        return Response(head: response.head, body: collector.body, trailerHeaders: collector.trailerHeaders)
    }
}

/// A response body writer that keeps what is written, for ``RouterClient`` to read afterwards.
///
/// A class, because `ResponseBody.write(_:)` consumes the writer it is given.
private final class ResponseBodyCollector: ResponseBodyWriter {
    private(set) var body = ByteBuffer()
    private(set) var trailerHeaders: HTTPFields?

    func write(_ buffer: ByteBuffer) async throws {
        body.writeImmutableBuffer(buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {
        trailerHeaders = trailingHeaders
    }
}

extension ApplicationProtocol {
    /// Runs `body` with a ``RouterClient`` for this application, with the application's services
    /// running around it.
    ///
    /// As the server does, this runs the services in a service group and, once the group has started
    /// them, the processes registered to run before the server starts; then `body`. When `body` returns
    /// or throws, the group is shut down gracefully and waited for, so that what the services do at
    /// shutdown (the Gallery saves its checklists) is done when this returns. An error from a service is
    /// thrown here, unless `body` threw one first.
    func withRouterClient<Value>(_ body: (RouterClient) async throws -> Value) async throws -> Value {
        let client = try await RouterClient(responder: responder, logger: logger)
        let services = services
        let processes = processesRunBeforeServerStart
        guard !services.isEmpty else {
            for process in processes { try await process() }
            return try await body(client)
        }

        // A service that says when the group has started its services: a group shut down before it runs
        // never runs them, and the processes above may need them.
        let (started, startedContinuation) = AsyncStream.makeStream(of: Never.self)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services + [StartSignalService(continuation: startedContinuation)], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                // Also when the group fails before it starts the services, so that the wait below ends.
                defer { startedContinuation.finish() }
                try await group.run()
            }
            for await _ in started {}
            let result: Result<Value, any Error>
            do {
                for process in processes { try await process() }
                result = .success(try await body(client))
            } catch {
                result = .failure(error)
            }
            await group.triggerGracefulShutdown()
            do {
                try await tasks.waitForAll()
            } catch {
                if case .success = result { throw error }
            }
            return try result.get()
        }
    }
}

/// A service that finishes a stream when the service group runs it, then waits for the shutdown.
private struct StartSignalService: Service {
    let continuation: AsyncStream<Never>.Continuation

    func run() async throws {
        continuation.finish()
        try? await gracefulShutdown()
    }
}
