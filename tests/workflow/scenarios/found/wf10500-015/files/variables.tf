variable "size" {
  type = number
  description = "A variable."
}
