locals {
  a = 1
    bb = 2 # c
}

variable "x" {
default = "y"
}
