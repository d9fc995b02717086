variable "zones" {
  type = list(string)
  default = ["a", "b"]
}

variable "tags" {
  type = map(string)
  default = { a = "1", b = "2" }
}
