variable "tags" {
  type = map(string)
  description = "A variable."
}
