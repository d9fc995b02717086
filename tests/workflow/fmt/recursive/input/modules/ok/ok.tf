locals {
  a = 1
}
