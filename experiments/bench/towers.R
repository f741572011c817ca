# Towers (Are We Fast Yet): towers of Hanoi with each pile a linked list of disk
# records (lists); counts the moves. Stresses list allocation and recursion.
empty_pile <- list(size = 1000L, nxt = NULL)
piles <- list()
moves_done <- 0L

push_disk <- function(disk, pile) {
  top <- piles[[pile]]
  if (disk$size >= top$size) stop("Cannot put a big disk on a smaller one")
  disk$nxt <- top
  piles[[pile]] <<- disk
}

pop_disk_from <- function(pile) {
  top <- piles[[pile]]
  if (top$size == 1000L) stop("Attempting to remove a disk from an empty pile")
  piles[[pile]] <<- top$nxt
  top$nxt <- empty_pile
  top
}

move_top_disk <- function(from, to) {
  push_disk(pop_disk_from(from), to)
  moves_done <<- moves_done + 1L
}

build_tower_at <- function(pile, disks) {
  for (i in disks:0) push_disk(list(size = i, nxt = empty_pile), pile)
}

move_disks <- function(disks, from, to) {
  if (disks == 1L) {
    move_top_disk(from, to)
  } else {
    other <- 6L - from - to
    move_disks(disks - 1L, from, other)
    move_top_disk(from, to)
    move_disks(disks - 1L, other, to)
  }
}

towers <- function() {
  piles <<- list(empty_pile, empty_pile, empty_pile)
  build_tower_at(1L, 13L)
  moves_done <<- 0L
  move_disks(13L, 1L, 2L)
  moves_done
}

run <- function() towers()

print(run())
