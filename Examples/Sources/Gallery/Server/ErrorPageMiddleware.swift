import Hummingbird

/// Turns every error thrown by a route, or by the router for an address it does not know, into an
/// HTML ``ErrorPage`` with the error's status.
///
/// Hummingbird's own error responses are empty or JSON; a person who follows a stale link or sends a
/// bad form should see a page that says what happened. An error that is not an HTTP error is a bug:
/// it is logged and shown as a 500 without its details.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Runs the rest of the chain and renders any error it throws.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as PageError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            return ErrorPage.page(status: error.status, message: error.body).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return ErrorPage.page(status: error.status, message: nil).response(from: request, context: context)
        } catch {
            context.logger.error("Request failed: \(String(reflecting: error))")
            return ErrorPage.page(status: .internalServerError, message: "Something went wrong on the server.")
                .response(from: request, context: context)
        }
    }
}
