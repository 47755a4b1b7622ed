/// Seed 001's shopping cart, apart from any page: books from the shelf enter in order, Remove takes
/// the last one out, and the cart is full when every book is in or every cell is taken.
struct BookCart: Sendable, Hashable {
    /// Why the cart refused a change; the seed disables the button instead, a form can still be sent.
    enum ChangeError: Error, Sendable, Hashable {
        /// Add when nothing more fits or every book is already in.
        case full
        /// Remove from an empty cart.
        case empty
    }

    /// The books that can go in, in the order they go in.
    let shelf: [Book]
    /// How many cells the cart's grid has.
    let capacity: Int
    /// How many books are in the cart: always the first ones of the shelf.
    private(set) var count = 0

    /// A cart over `shelf` with `capacity` cells holding the first `count` books, empty unless told
    /// otherwise; a negative capacity counts as none, and a count is brought within what fits.
    init(shelf: [Book], capacity: Int, count: Int = 0) {
        self.shelf = shelf
        self.capacity = max(0, capacity)
        self.count = min(max(0, count), min(shelf.count, self.capacity))
    }

    /// The books in the cart, in the order they went in.
    var books: ArraySlice<Book> { shelf.prefix(count) }

    /// The most books the cart can hold: the cells, or the books on the shelf if there are fewer.
    var limit: Int { min(shelf.count, capacity) }

    /// Whether Remove has anything to remove (the seed's disabled Remove button).
    var isEmpty: Bool { count == 0 }

    /// Whether Add has nothing to add (the seed's disabled Add button and "full" message).
    var isFull: Bool { count >= limit }

    /// Puts the next book from the shelf in and returns it.
    @discardableResult
    mutating func add() throws(ChangeError) -> Book {
        guard !isFull else { throw .full }
        count += 1
        return shelf[count - 1]
    }

    /// Takes the last book out and returns it.
    @discardableResult
    mutating func removeLast() throws(ChangeError) -> Book {
        guard !isEmpty else { throw .empty }
        count -= 1
        return shelf[count]
    }
}
