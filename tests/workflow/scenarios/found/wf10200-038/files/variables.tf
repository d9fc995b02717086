variable "tags" {
  type = map(string)
  description = "A variable."
  default = { a = "1", b = "2" }
}

variable "name" {
  type = string
  default = "alpha"
  nullable = false
}
