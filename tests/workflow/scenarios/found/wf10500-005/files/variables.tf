variable "enabled" {
  type = bool
  default = true
}

variable "tags" {
  type = map(string)
  default = { a = "1", b = "2" }
}
