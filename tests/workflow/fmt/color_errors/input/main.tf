locals {
  a = [1,
}
