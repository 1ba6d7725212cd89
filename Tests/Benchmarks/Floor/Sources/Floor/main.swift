// Prints one line and exits: the start-up cost every Swift binary pays.
print("floor")
